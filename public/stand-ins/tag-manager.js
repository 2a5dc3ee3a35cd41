/* Local stand-in for the tag manager (configure PUBLIC_TAG_MANAGER_URL for the real one).
   It only drains the data layer so pushes are visible in the console while developing. Like a
   real tag manager it also processes the events queued before it loaded: consent can start it
   after a page view has already been pushed (it runs in Partytown's worker, which starts late). */
(function () {
  var w = typeof window !== 'undefined' ? window : self;
  var layer = (w.dataLayer = w.dataLayer || []);
  var push = layer.push.bind(layer);
  function log(event) {
    console.debug('[tag manager stand-in] ' + JSON.stringify(event));
  }
  console.debug('[tag manager stand-in] loaded with', layer.length, 'queued events');
  for (var q = 0; q < layer.length; q++) log(layer[q]);
  layer.push = function () {
    for (var i = 0; i < arguments.length; i++) log(arguments[i]);
    return push.apply(null, arguments);
  };
})();
