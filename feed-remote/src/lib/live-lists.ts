import { installListUpdates } from '@chirp/queries';

// The feed shows the lists of posts and the post pages: live like counts and replies reach them
// from the moment its code is loaded (once per page, whoever else installs them).
installListUpdates();
