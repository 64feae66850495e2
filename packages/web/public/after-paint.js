// A classic script in a page the server sent drawn (packages/server/src/web/rendered-pages.ts), in place of
// the app's module script: the browser paints the page first, then loads the app, which takes the page over
// (hydration). A module script in the head would have the browser evaluate the app's chunks before that paint.
(function () {
  var script = document.currentScript;
  var entry = script && script.getAttribute('data-entry');
  if (!entry) return;
  var started = false;
  function load() {
    if (started) return;
    started = true;
    var module = document.createElement('script');
    module.type = 'module';
    module.crossOrigin = '';
    module.src = entry;
    document.head.appendChild(module);
  }
  // The task after the first frame's paint; a tab opened in the background, which paints no frame, in a second.
  requestAnimationFrame(function () {
    setTimeout(load, 0);
  });
  setTimeout(load, 1000);
})();
