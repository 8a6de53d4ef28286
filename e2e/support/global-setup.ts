import { execSync } from 'node:child_process';
import { resolve } from 'node:path';
import { findTestChromium } from './chromium';
import { deploy } from './deployment';

/** Builds the app (unless E2E_SKIP_BUILD=1), deploys it on free ports and shares its URL. */
export default async function globalSetup() {
  process.env.CHROME_PATH = findTestChromium();
  if (process.env.E2E_SKIP_BUILD !== '1') {
    execSync('npm run build', { cwd: resolve(import.meta.dirname, '..', '..'), stdio: 'inherit' });
  }
  const deployment = await deploy({ name: `run-${process.pid}` });
  process.env.E2E_BASE_URL = deployment.urls.shell;
  process.env.E2E_REMOTE_URLS = JSON.stringify(deployment.urls);
  return () => deployment.close();
}
