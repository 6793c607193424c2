// Preloaded into the production web server (`node --require ./server/front-door.cjs …`, see
// package.json "start" and the Dockerfile). It wraps http.createServer, which Next's
// start-server calls, so two things happen to every request before Next sees it:
// - The TCP peer's address goes into a header of our own (any copy the client sent is dropped).
//   Next's route handlers never see the socket and Next only fills X-Forwarded-For when a
//   request has none, so otherwise a client could pick its own address for the sign-in rate
//   limit; packages/api clientAddress() reads this header.
// - Methods the WHATWG Request cannot represent (TRACE, TRACK, CONNECT) are answered 405 here:
//   Next would fail to build its Request object for them and answer 500.
// - Routes the app registered as fast (`${method} ${path}` → handler(req, res)) are answered here,
//   without Next's routing: the app registers them at start (src/instrumentation.ts) into the
//   map this file puts on globalThis. Without this preload (next dev) nothing is registered and
//   Next's own route answers the same path.
"use strict";
const http = require("node:http");

const PEER_HEADER = "x-meshbench-peer-address";
const UNREPRESENTABLE = new Set(["TRACE", "TRACK", "CONNECT"]);
const createServer = http.createServer;
const FAST_ROUTES = Symbol.for("meshbench.front-door.fast-routes");
const fastRoutes = (globalThis[FAST_ROUTES] ??= new Map());

function refuseMethod(req, res) {
  if (!UNREPRESENTABLE.has(req.method)) return false;
  const body = JSON.stringify({
    error: {
      code: "METHOD_NOT_SUPPORTED",
      message: `Method ${req.method} is not supported`,
      field: null,
      issues: [],
    },
  });
  res.writeHead(405, {
    "content-type": "application/json",
    allow: "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS",
  });
  res.end(body);
  return true;
}

/** A registered fast route answers; a failure it did not answer is a JSON 500, never a hang. */
function serveFast(req, res) {
  const query = req.url.indexOf("?");
  const path = query < 0 ? req.url : req.url.slice(0, query);
  const handler = fastRoutes.get(`${req.method} ${path}`);
  if (!handler) return false;
  Promise.resolve()
    .then(() => handler(req, res))
    .catch(() => {
      if (!res.headersSent)
        res.writeHead(500, { "content-type": "application/json" }).end(
          JSON.stringify({
            error: {
              code: "INTERNAL_SERVER_ERROR",
              message: "Internal server error",
              field: null,
              issues: [],
            },
          }),
        );
      else res.destroy();
    });
  return true;
}

function stampPeer(req) {
  const headers = req.headers; // node parses and caches the header object on first access
  delete headers[PEER_HEADER];
  headers[PEER_HEADER] = req.socket.remoteAddress || "unknown";
}

http.createServer = function createFrontDoorServer(...args) {
  const index = args.findIndex((arg) => typeof arg === "function");
  if (index >= 0) {
    const listener = args[index];
    args[index] = function frontDoor(req, res) {
      if (refuseMethod(req, res)) return;
      stampPeer(req);
      if (serveFast(req, res)) return;
      return listener.call(this, req, res);
    };
  }
  const server = createServer.apply(this, args);
  if (index < 0) server.prependListener("request", stampPeer);
  return server;
};
