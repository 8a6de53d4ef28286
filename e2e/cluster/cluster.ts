/**
 * The local cluster as the cluster tests see it: `npm run test:cluster`'s global set-up
 * starts one (deploy/local-cluster/cluster.mjs) and names its folder in CHIRP_CLUSTER_DIR.
 */
// @ts-expect-error plain ESM script, typed below
import * as script from '../../deploy/local-cluster/cluster.mjs';

export interface ClusterPorts {
  lb: number;
  stats: number;
  api: number[];
  pgbouncer: number;
  primary: number;
  replica: number;
  shell: number;
  auth: number;
  feed: number;
  profile: number;
  notifications: number;
}

export interface Cluster {
  dir: string;
  ports: ClusterPorts;
  /** HAProxy, in front of the instances. */
  apiUrl: string;
  shellUrl: string;
  instanceUrls: string[];
  /** As the app's role (not a superuser). */
  primaryUrl: string;
  replicaUrl: string;
  /** The replica's replay of the WAL, paused and resumed as PostgreSQL's superuser (the app's role may not). */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  stopInstance(index: number, signal?: NodeJS.Signals): Promise<void>;
  startInstance(index: number): Promise<void>;
  stop(options?: { remove?: boolean }): Promise<void>;
}

interface ClusterScript {
  startCluster(options: { dir: string; ports: ClusterPorts; extraEnv?: Record<string, string> }): Promise<Cluster>;
  attachCluster(dir: string): Cluster;
  /** HAProxy's view of the instances: 'api1' → 'UP' | 'DOWN' | … */
  balancerView(ports: ClusterPorts): Promise<Record<string, string>>;
}

export const { startCluster, attachCluster, balancerView } = script as ClusterScript;

/** The cluster this run's global set-up started. */
export function theCluster(): Cluster {
  const dir = process.env.CHIRP_CLUSTER_DIR;
  if (!dir) throw new Error('No cluster: run these tests with npm run test:cluster');
  return attachCluster(dir);
}
