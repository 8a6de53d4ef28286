import sessionPackage from '../package.json' with { type: 'json' };

/**
 * The version of the session package this copy is, from its package.json: a remote reads the
 * version it was built against at build time, the shell checks it against this one at run time.
 */
export const SESSION_VERSION: string = sessionPackage.version;
