/** The HTML and scripts the local origins serve: the shop page, the framed pages, a fake Exactag script. */

const json = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * A shop page that loads the library's IIFE build and installs it. Before the library it starts a
 * recorder of every window message it receives (origin and data), so a test can wait until the
 * frames' messages have arrived: the recorder is registered first, so when it has seen a message,
 * the library's listener has been called with it too. A `prelude` script runs before the library (what
 * the shop's own old scripts do to the page); `bodyAttributes` go on `<body>` (the legacy app's
 * `data-platform`).
 */
export const shopPage = (install: Record<string, unknown>, frames: readonly string[] = [], prelude = '', bodyAttributes = ''): string => `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<title>Kaffee Klassik</title>
<script>
  window.receivedMessages = [];
  window.addEventListener('message', (event) => {
    window.receivedMessages.push({ origin: event.origin, data: event.data });
  });
</script>
${prelude === '' ? '' : `<script>${prelude}</script>`}
<script src="/lib/collect-on-track.iife.js"></script>
<script>window.CollectOnTrack.install(${json(install)});</script>
</head>
<body${bodyAttributes === '' ? '' : ` ${bodyAttributes}`}>
<h1>Kaffee Klassik</h1>
${frames.map((src, index) => `<iframe src="${src}" title="frame ${index + 1}"></iframe>`).join('\n')}
</body>
</html>`;

/** A framed page that posts the given raw message strings to its parent, in order, at load. */
export const postingFrame = (targetOrigin: string, messages: readonly string[]): string => `<!doctype html>
<html lang="de">
<head><meta charset="utf-8"><title>Frame</title></head>
<body>
<script>
  for (const message of ${json(messages)}) window.parent.postMessage(message, ${json(targetOrigin)});
</script>
</body>
</html>`;

/**
 * A framed page that loads the library and, for each target origin in turn, pushes a custom event
 * labelled with that origin through an events-mode client created with `targetOrigin`.
 */
export const clientFrame = (targetOrigins: readonly string[]): string => `<!doctype html>
<html lang="de">
<head><meta charset="utf-8"><title>Client frame</title></head>
<body>
<script src="/lib/collect-on-track.iife.js"></script>
<script>
  for (const targetOrigin of ${json(targetOrigins)}) {
    window.CollectOnTrack.createClient({ mode: 'events', emitter: 'frame', targetOrigin })
      .pushCustomEvent({ event_category: 'frame', event_action: 'post', event_label: targetOrigin });
  }
</script>
</body>
</html>`;

/** A message as the events-mode client posts it: a JSON string `{ event_name, message, emitter }`. */
export const wireMessage = (eventName: string, message: Record<string, unknown>, emitter: string): string =>
  JSON.stringify({ event_name: eventName, message, emitter });

/** A stand-in for the affiliate script: defines `window.exactag.track`, which records its payloads. */
export const FAKE_EXACTAG_SCRIPT = `
window.exactagCalls = window.exactagCalls || [];
window.exactag = { track: function (payload) { window.exactagCalls.push(JSON.parse(JSON.stringify(payload))); } };
`;

/**
 * A stand-in for the affiliate script whose track function sends each payload as a beacon to
 * `beaconUrl`, so a call made while the page unloads still reaches the server.
 */
export const beaconExactagScript = (beaconUrl: string): string => `
window.exactag = { track: function (payload) { navigator.sendBeacon(${json(beaconUrl)}, JSON.stringify(payload)); } };
`;
