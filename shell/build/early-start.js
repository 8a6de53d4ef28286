/**
 * Inlined into the shell's index.html by startupPreloads() (shell/build/startup-preloads.ts), ahead
 * of the module graph. It shows the stored theme before the first paint, and sends the first
 * screen's requests in waves instead of a chain:
 *   1. with the HTML's own modulepreloads of the shell's chunks: config.json and remotes.json
 *      (none when the server that sent the page put them in it: `npm start` does, see
 *      pageWithDeployFiles in scripts/serve.mjs; then step 2 starts at once);
 *   2. once they answer: the in-browser back end's chunk (when no API server is configured), and
 *      each needed remote's entry and mf-manifest.json;
 *   3. once a manifest answers: the exposed modules of the first screen, with their chunks and CSS.
 * The app takes these answers (and the manifests') from `window.__chirpStartup` rather than asking again. Everything here
 * is a hint: any failure is left for the app, which asks again and reports it where it shows.
 * `__DATA__` is replaced at build time: { mirage: string[], serverBuild: boolean, routes: [...] }.
 */
/* global window, document, __DATA__ -- runs in the page, inlined with its data */
(function earlyStart(data) {
  // The theme chosen on this device, before anything paints: the design tokens read
  // <html data-theme="system|light|dark">. 'theme' is STORAGE_KEYS.theme of @chirp/contracts.
  var theme = 'system';
  try {
    theme = localStorage.getItem('theme') || theme;
  } catch {
    // storage unavailable: follow the system
  }
  document.documentElement.setAttribute('data-theme', theme === 'light' || theme === 'dark' ? theme : 'system');

  var readJson = function (url) {
    return fetch(url, { cache: 'no-cache' }).then(function (response) {
      if (!response.ok) throw new Error(url + ' answered ' + response.status);
      return response.json();
    });
  };
  var preload = function (href, kind) {
    if (document.head.querySelector('link[href="' + href + '"]')) return;
    var link = document.createElement('link');
    if (kind === 'style') {
      link.rel = 'preload';
      link.as = 'style';
    } else {
      link.rel = 'modulepreload';
    }
    // Modules load in CORS mode (as `import()` asks for them), and so do a remote's stylesheets (the
    // <link crossorigin> its container adds): a preload in another mode would not be used.
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  };
  // The deploy-time files, where the server put them in the page.
  var deployed = {};
  try {
    var tag = document.getElementById('chirp-deploy-files');
    deployed = (tag && JSON.parse(tag.textContent)) || {};
  } catch {
    deployed = {};
  }
  var deployedOr = function (name) {
    return Object.prototype.hasOwnProperty.call(deployed, name) ? Promise.resolve(deployed[name]) : readJson('/' + name + '.json');
  };
  var startup = {
    config: deployedOr('config'),
    remotes: deployedOr('remotes'),
    // Each first-screen remote's manifest, by its URL: the app reads the session version the remote
    // was built against from it before loading the remote (shell/src/remotes/session-contract.ts).
    manifests: {},
  };
  window.__chirpStartup = startup;

  startup.config
    .then(function (config) {
      var server = (config && typeof config.apiBaseUrl === 'string' && config.apiBaseUrl.trim()) || data.serverBuild;
      if (!server) data.mirage.forEach(function (href) { preload(href); });
    })
    .catch(function () {});

  // The first screen's exposed modules: the route's, or the login page's for a visitor (the guards
  // send a visitor there, and a signed-in person from the login page to /home).
  var signedIn = false;
  try {
    signedIn = Boolean(localStorage.getItem('token'));
  } catch {
    signedIn = false; // storage unavailable: a visitor
  }
  var path = window.location.pathname;
  var wanted = [];
  data.routes.forEach(function (route) {
    var matches = route.prefix ? path.indexOf(route.path) === 0 : path === route.path;
    if (matches && (route.signedIn === undefined || route.signedIn === signedIn)) wanted = route.modules;
  });
  if (wanted.length === 0) wanted = signedIn ? data.fallback.signedIn : data.fallback.visitor;
  startup.modules = wanted;

  // A browser's first Intl object costs 50–100 ms of main thread (ICU's locale data), and the
  // signed-in screens' times need one (RelativeTime in @chirp/ui). Made here, in the first idle
  // moment, it is paid while the page waits for its scripts instead of after they arrive; the app's
  // own formatters then take a few milliseconds. A visitor's pages show no time: there it waits for
  // a moment with nothing else to do, for the screens after log in.
  var warmDateFormats = function () {
    try {
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(0);
      new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'short' }).format(0);
    } catch {
      // no Intl: the app reports what it cannot format where it shows
    }
  };
  if (window.requestIdleCallback) window.requestIdleCallback(warmDateFormats, signedIn ? { timeout: 2000 } : undefined);
  else setTimeout(warmDateFormats, 0);

  startup.remotes
    .then(function (remotes) {
      var byRemote = {};
      wanted.forEach(function (id) {
        var name = id.slice(0, id.indexOf('/'));
        (byRemote[name] = byRemote[name] || []).push(id.slice(name.length + 1));
      });
      Object.keys(byRemote).forEach(function (name) {
        var entry = remotes[name];
        if (!entry) return;
        var entryUrl = new URL(entry, window.location.href);
        var base = new URL('.', entryUrl);
        // A remote named by its manifest: its entry is known once the manifest is read.
        var byManifest = entryUrl.pathname.slice(-5) === '.json';
        if (!byManifest) preload(entryUrl.href);
        var manifestUrl = new URL('mf-manifest.json', base).href;
        var manifestAnswer = fetch(manifestUrl).then(function (response) {
          return response.ok ? response.json() : null;
        });
        startup.manifests[manifestUrl] = manifestAnswer;
        manifestAnswer
          .then(function (manifest) {
            if (!manifest) return;
            var remoteEntry = manifest.metaData && manifest.metaData.remoteEntry;
            if (byManifest && remoteEntry) preload(new URL(remoteEntry.path + remoteEntry.name, base).href);
            manifest.exposes.forEach(function (exposed) {
              if (byRemote[name].indexOf(exposed.name) < 0) return;
              var assets = exposed.assets;
              // What the module imports (sync), its bridges to the shared packages included; not the
              // remote's own copies of those packages (async): the shell provides them.
              assets.js.sync.forEach(function (file) { preload(new URL(file, base).href); });
              assets.css.sync.forEach(function (file) { preload(new URL(file, base).href, 'style'); });
            });
          })
          .catch(function () {});
      });
    })
    .catch(function () {});
})(__DATA__);
