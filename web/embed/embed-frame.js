/* The iframe form: builds one <ohm-board> from the address, and answers the embedding page's
   postMessage requests in the documented shapes only (README, "Embedding").

   Address: embed.html#<HexWorld string>?<parameters>, e.g. embed.html#7,d4c5?mode=play&level=2
   (parameters may also come as the ordinary query: embed.html?mode=play#7,d4c5). Parameters:
   the element's attributes (size, moves, sgf, contents, arrows, highlight, mode, level,
   player, at, to-move, budget, overlays, orientation, coords, theme) and `origins`.

   Who is answered: only messages from the parent window (the page that embeds the frame).
   By default any parent origin is answered, and replies and events go to exactly that origin
   (targetOrigin = the origin of the parent's last accepted message, never "*"). With
   origins=https://a.example,https://b.example only those origins are answered; with a single
   origin the frame also announces itself ({type: "ohm:ready"}) to it without waiting. */
(() => {
  "use strict";
  const ATTRIBUTES = [
    "size", "moves", "sgf", "contents", "arrows", "highlight", "mode", "level", "player", "at",
    "to-move", "budget", "overlays", "orientation", "coords", "theme",
  ];
  const POSITION_KEYS = ["size", "moves", "sgf", "contents", "at", "to-move"];
  const SHAPE_KEYS = ["type", "from", "to", "color", "name", "cells", "cell", "text"];
  const EVENTS = ["move", "positionchange", "solved", "failed", "unproven"];
  const MAX_TEXT = 200000;

  const fragment = location.hash.slice(1);
  const split = fragment.indexOf("?");
  let record = split < 0 ? fragment : fragment.slice(0, split);
  try {
    record = decodeURIComponent(record);
  } catch {
    /* keep it as it is: the board reports what it cannot read */
  }
  const params = new URLSearchParams(location.search);
  for (const [name, value] of new URLSearchParams(split < 0 ? "" : fragment.slice(split + 1))) {
    params.set(name, value);
  }

  const board = document.createElement("ohm-board");
  if (record.trim()) board.setAttribute("moves", record.trim());
  for (const name of ATTRIBUTES) {
    if (params.has(name)) board.setAttribute(name, params.get(name));
  }
  document.body.append(board);

  const origins = (params.get("origins") || "")
    .split(",")
    .map((o) => o.trim())
    .filter(Boolean);
  const answers = (origin) => origins.length === 0 || origins.includes(origin);

  // The parent we talk to: set by its first accepted message (or the single allowed origin).
  let partner = null;
  if (origins.length === 1 && window.parent !== window) {
    partner = { window: window.parent, origin: origins[0] };
  }
  const post = (message) => {
    if (partner) partner.window.postMessage(message, partner.origin);
  };
  for (const name of EVENTS) {
    board.addEventListener(name, (event) => post({ type: "ohm:event", event: name, detail: event.detail }));
  }
  const whenReady = new Promise((resolve) => {
    const look = () => {
      const state = board.getAttribute("data-state");
      if (state === "ready" || state === "error") resolve(state);
      else setTimeout(look, 30);
    };
    look();
  });
  whenReady.then((state) => post({ type: "ohm:ready", state }));

  const isText = (v, max = 64) => typeof v === "string" && v.length <= max;
  const plain = (v) => v !== null && typeof v === "object" && Object.getPrototypeOf(v) === Object.prototype;
  function onlyKeys(object, keys, check) {
    if (!plain(object)) return null;
    const out = {};
    for (const [key, value] of Object.entries(object)) {
      if (!keys.includes(key) || !check(value)) return null;
      out[key] = value;
    }
    return out;
  }
  const textOrList = (v) => isText(v, 4000) || (Array.isArray(v) && v.length <= 400 && v.every((c) => isText(c, 8)));

  /** The board method a valid message asks for, or null for anything else. */
  function command(data) {
    switch (data.type) {
      case "ohm:hello":
        return () => null;
      case "ohm:setPosition": {
        const p = data.position;
        if (isText(p, MAX_TEXT)) return () => board.setPosition(p);
        const position = onlyKeys(p, POSITION_KEYS, (v) => isText(v, MAX_TEXT));
        return position && (() => board.setPosition(position));
      }
      case "ohm:play":
        return isText(data.cell, 16) ? () => board.play(data.cell) : null;
      case "ohm:undo":
        return () => board.undo();
      case "ohm:addShape": {
        const shape = onlyKeys(data.shape, SHAPE_KEYS, textOrList);
        return shape && (() => board.addShape(shape));
      }
      case "ohm:clearShapes":
        return () => board.clearShapes();
      default:
        return null;
    }
  }

  window.addEventListener("message", async (event) => {
    if (event.source !== window.parent || window.parent === window) return;
    if (!answers(event.origin)) return;
    const data = event.data;
    if (!plain(data) || !isText(data.type) || !data.type.startsWith("ohm:")) return;
    const id = typeof data.id === "number" || isText(data.id) ? data.id : null;
    const reply = (ok, error) =>
      event.source.postMessage({ type: "ohm:reply", id, request: data.type, ok, error }, event.origin);
    const run = command(data);
    if (!run) {
      reply(false, `not a valid ${data.type} message`);
      return;
    }
    partner = { window: event.source, origin: event.origin };
    try {
      await whenReady;
      await run();
      reply(true);
    } catch (error) {
      reply(false, String(error && error.message ? error.message : error));
    }
  });
})();
