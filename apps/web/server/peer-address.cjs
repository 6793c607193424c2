// Preloaded into the production web server (`node --require ./server/peer-address.cjs …`, see
// package.json "start" and the Dockerfile): Next's route handlers never see the socket, and Next
// only fills X-Forwarded-For when a request has none, so a client could choose its own address
// for the sign-in rate limit. Here every request gets the TCP peer's address in a header of our
// own (any copy the client sent is dropped) before Next sees it; packages/api clientAddress()
// reads it. It wraps http.createServer, which Next's start-server calls, and nothing else.
"use strict";
const http = require("node:http");

const HEADER = "x-meshbench-peer-address";
const createServer = http.createServer;

function stampPeer(req) {
  const headers = req.headers; // node parses and caches the header object on first access
  delete headers[HEADER];
  headers[HEADER] = req.socket.remoteAddress || "unknown";
}

http.createServer = function createServerStampingPeer(...args) {
  const server = createServer.apply(this, args);
  server.prependListener("request", stampPeer);
  return server;
};
