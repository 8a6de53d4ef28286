/**
 * Stands in for the Node half of Module Federation's SDK (`@module-federation/sdk`'s dist/node.js)
 * in the shell's build. The federation runtime loads a remote's entry with a <script> in a browser
 * and with `vm` on Node; the page is always a browser's, so the Node loader never runs. It is left
 * out of the first load's JavaScript, and says so if that ever changes.
 */
const browserOnly = (name: string) => () => {
  throw new Error(`Module Federation's ${name} is left out of the shell's build: the page loads remotes as a browser does.`);
};

export const createScriptNode = browserOnly('createScriptNode');
export const loadScriptNode = browserOnly('loadScriptNode');
