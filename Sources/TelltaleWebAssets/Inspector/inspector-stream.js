// The inspector's connection to its server (`Telltale.followStream`): `/_telltale/stream` as an
// EventSource, which reconnects by itself and sends the last id it saw, so the server replays
// only what the page missed. The page is told, through `handlers`:
//   connection(connected)   the stream opened, or broke (it will reconnect)
//   hello(hello)            a hello (server, events, bad, catalog, maxEvents), then the refused
//   badList(captures)       requests the server holds, read from /_telltale/bad
//   restarted()             a hello from another server process: the page starts afresh, and a
//                           new stream replays that server's events from the first
//   capture(event), bad(capture), reset(reset), dropped(dropped): the stream's other frames
(function (T) {
  'use strict';

  T.followStream = function (handlers) {
    var stream = null, serverID = null;
    function open() {
      var mine = stream = new EventSource('/_telltale/stream');
      function on(name, handle) {
        mine.addEventListener(name, function (message) { if (mine === stream) handle(JSON.parse(message.data)); });
      }
      mine.onopen = function () { if (mine === stream) handlers.connection(true); };
      mine.onerror = function () { if (mine === stream) handlers.connection(false); };
      on('hello', function (hello) {
        if (serverID !== null && hello.server !== serverID) {
          // Another server process: its ids start again, so the id this stream resumed from
          // means nothing to it.
          serverID = hello.server;
          mine.close();
          handlers.restarted();
          open();
          return;
        }
        serverID = hello.server;
        handlers.connection(true);
        handlers.hello(hello);
        fetch('/_telltale/bad').then(function (answer) { return answer.json(); }).then(function (body) {
          if (mine === stream) handlers.badList(body.bad || []);
        }).catch(function () { /* the stream carries later ones */ });
      });
      on('capture', handlers.capture);
      on('bad', handlers.bad);
      on('reset', handlers.reset);
      on('dropped', handlers.dropped);
    }
    open();
  };
})(Telltale);
