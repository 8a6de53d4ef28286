import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * What a remote's pages are drawn from: its own source and the shared packages it bundles (the
 * components and icons of @chirp/ui, the texts of @chirp/contracts), those of them that exist.
 * Tests aside.
 */
function pageSources(remoteRoot: string): string[] {
  const folders = [join(remoteRoot, 'src'), join(remoteRoot, '..', 'shared', 'ui', 'src'), join(remoteRoot, '..', 'shared', 'contracts', 'src')];
  return folders.filter((folder) => existsSync(folder)).flatMap((folder) =>
    (readdirSync(folder, { recursive: true }) as string[])
      .filter((name) => /\.(tsx?|css)$/.test(name) && !/\.test\.tsx?$/.test(name) && !/(^|[\\/])(test|testing)[\\/]/.test(name))
      .map((name) => join(folder, name)),
  );
}

/**
 * A fingerprint of a remote's page sources, the same for the same source wherever it is built: the
 * remote's manifest names its build by it (`buildInfo.buildVersion`), and the shell's HTML names
 * the build its prerendered pages were drawn from, so that the page hydrates only HTML the remote
 * deployed would draw itself (shell/src/bootstrap.tsx).
 */
export function sourceFingerprint(remoteRoot: string): string {
  const hash = createHash('sha256');
  const base = join(remoteRoot, '..');
  for (const file of pageSources(remoteRoot).sort()) {
    hash.update(relative(base, file).split('\\').join('/')).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}
