/* Local stand-in for the tag manager (configure PUBLIC_TAG_MANAGER_URL for the real one).
   It only drains the data layer so pushes are visible in the console while developing. */
(function () {
  var w = typeof window !== 'undefined' ? window : self;
  var layer = (w.dataLayer = w.dataLayer || []);
  var push = layer.push.bind(layer);
  layer.push = function () {
    for (var i = 0; i < arguments.length; i++) console.debug('[tag manager stand-in] ' + JSON.stringify(arguments[i]));
    return push.apply(null, arguments);
  };
  console.debug('[tag manager stand-in] loaded with', layer.length, 'queued events');
})();
