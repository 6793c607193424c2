// Preloaded into the production web server (`node --require ./server/front-door.cjs …`, see
// package.json "start" and the Dockerfile). It wraps http.createServer, which Next's
// start-server calls, so two things happen to every request before Next sees it:
// - The TCP peer's address goes into a header of our own (any copy the client sent is dropped).
//   Next's route handlers never see the socket and Next only fills X-Forwarded-For when a
//   request has none, so otherwise a client could pick its own address for the sign-in rate
//   limit; packages/api clientAddress() reads this header.
// - Methods the WHATWG Request cannot represent (TRACE, TRACK, CONNECT) are answered 405 here:
//   Next would fail to build its Request object for them and answer 500.
"use strict";
const http = require("node:http");

const PEER_HEADER = "x-meshbench-peer-address";
const UNREPRESENTABLE = new Set(["TRACE", "TRACK", "CONNECT"]);
const createServer = http.createServer;

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
      return listener.call(this, req, res);
    };
  }
  const server = createServer.apply(this, args);
  if (index < 0) server.prependListener("request", stampPeer);
  return server;
};
