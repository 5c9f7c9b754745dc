/* <ohm-board>: Ohm's Hex board for other sites' pages. One script tag:

     <script src="https://OHM-HOST/embed/ohm-board.js" defer></script>
     <ohm-board size="5" contents="R c2 B b4" arrows="c2-c3"></ohm-board>

   Every other file is found relative to this script's own address (document.currentScript),
   so the page may live on another origin: the element's wasm is fetched from Ohm's host
   (which must send Access-Control-Allow-Origin for .js and .wasm), and the engine worker
   starts from a blob: script that imports Ohm's worker by absolute URL (see README,
   "Embedding"). Attributes are handed to the wasm as text and parsed there; nothing from them
   is ever inserted as HTML. */
(() => {
  "use strict";
  if (typeof customElements === "undefined" || customElements.get("ohm-board")) return;

  const script =
    document.currentScript ||
    [...document.querySelectorAll("script[src]")].find((s) => /ohm-board\.js(\?|#|$)/.test(s.src));
  const HERE = new URL(".", script ? script.src : location.href); // .../embed/
  const ROOT = new URL("../", HERE); // where the app's worker.js lives
  const url = (name, base = HERE) => new URL(name, base).href;

  const ATTRIBUTES = [
    "size", "moves", "sgf", "src", "contents", "arrows", "highlight", "mode", "level",
    "player", "at", "to-move", "budget", "overlays", "orientation", "coords", "theme",
  ];

  let loading = null;
  let sheet = null;

  /** Loads the element's wasm once per page; resolves to the API it installs. */
  function loadOhm() {
    if (!loading) {
      loading = new Promise((resolve, reject) => {
        const tag = document.createElement("script");
        tag.src = url("embed.js");
        tag.async = true;
        tag.onload = resolve;
        tag.onerror = () => reject(new Error(`could not load ${tag.src}`));
        document.head.appendChild(tag);
      })
        .then(() => {
          // embed.js (wasm-bindgen, no-modules) declares the global `wasm_bindgen`.
          // eslint-disable-next-line no-undef
          return wasm_bindgen({ module_or_path: url("embed_bg.wasm") }).catch((error) => {
            throw new Error(
              `could not load ${url("embed_bg.wasm")} (${error && error.message ? error.message : error}); ` +
                "if Ohm's files are on another origin, their server must send Access-Control-Allow-Origin",
            );
          });
        })
        .then(() => {
          const api = globalThis.__ohmEmbed;
          if (!api) throw new Error("the element's wasm did not start");
          api.configure(url("worker.js", ROOT), url("worker_bg.wasm", ROOT));
          return api;
        });
      loading.catch(() => {});
    }
    return loading;
  }

  function styles(api) {
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(api.css());
    }
    return sheet;
  }

  async function fetchRecord(src) {
    let address;
    try {
      address = new URL(src, document.baseURI);
    } catch {
      throw new Error(`src: "${src}" is not an address`);
    }
    if (address.protocol !== "https:" && address.protocol !== "http:") {
      throw new Error(`src: only http(s) addresses are fetched`);
    }
    const response = await fetch(address.href, { credentials: "omit" });
    if (!response.ok) throw new Error(`src: ${address.href} answered ${response.status}`);
    const text = await response.text();
    if (text.length > 200000) throw new Error(`src: ${address.href} is too long for a record`);
    return text;
  }

  class OhmBoard extends HTMLElement {
    static get observedAttributes() {
      return ATTRIBUTES;
    }

    constructor() {
      super();
      this._shadow = this.attachShadow({ mode: "open" });
      this._root = document.createElement("div");
      this._message = document.createElement("div");
      this._message.hidden = true;
      this._shadow.append(this._root, this._message);
      this._handle = null;
      this._generation = 0;
      this._scheduled = false;
    }

    connectedCallback() {
      if (!this.hasAttribute("data-state")) this.setAttribute("data-state", "loading");
      this._schedule();
    }

    disconnectedCallback() {
      this._generation++;
      if (this._handle) {
        this._handle.destroy();
        this._handle = null;
        this._root.replaceChildren();
      }
    }

    attributeChangedCallback() {
      if (this.isConnected) this._schedule();
    }

    /** Several attribute changes in one task render once. */
    _schedule() {
      if (this._scheduled) return;
      this._scheduled = true;
      queueMicrotask(() => {
        this._scheduled = false;
        if (this.isConnected) this._render();
      });
    }

    _attributes() {
      const attributes = {};
      for (const name of ATTRIBUTES) {
        const value = this.getAttribute(name);
        if (value !== null) attributes[name] = value;
      }
      return attributes;
    }

    async _render() {
      const generation = ++this._generation;
      try {
        const attributes = this._attributes();
        if (attributes.src) attributes.record = await fetchRecord(attributes.src);
        const api = await loadOhm();
        if (generation !== this._generation) return;
        this._shadow.adoptedStyleSheets = [styles(api)];
        this._message.hidden = true;
        this._root.hidden = false;
        if (this._handle) this._handle.update(attributes);
        else this._handle = api.mount(this, this._root, attributes);
      } catch (error) {
        if (generation === this._generation) this._fail(error);
      }
    }

    /** The visible error state (text only), for failures before the board can draw. */
    _fail(error) {
      const message = String(error && error.message ? error.message : error).replace(/^ohm-board: /, "");
      console.error(`ohm-board: ${message}`);
      this.setAttribute("data-state", "error");
      const box = this._message;
      box.className = "ohm-error";
      box.setAttribute("role", "alert");
      Object.assign(box.style, {
        padding: "0.6rem 0.8rem", border: "2px solid #c62828", borderRadius: "0.4rem",
        background: "#fdecea", color: "#5f1111", font: "0.95rem/1.4 system-ui, sans-serif",
      });
      box.textContent = `Ohm board: ${message}`;
      box.hidden = false;
      this._root.hidden = true;
    }

    /** Resolves once the board is drawn (or rejects with its error). */
    async _ready() {
      await loadOhm();
      while (!this._handle) {
        if (this.getAttribute("data-state") === "error") throw new Error("ohm-board: the board is in its error state");
        await new Promise((r) => setTimeout(r, 20));
      }
      return this._handle;
    }

    /** A new position: a record's text (HexWorld, HSGF, trmph, moves…) or
        {size, moves, sgf, src, contents, at, "to-move"}. */
    async setPosition(position) {
      const handle = await this._ready();
      if (position && typeof position === "object" && position.src) {
        position = { ...position, record: await fetchRecord(position.src) };
      }
      handle.setPosition(position);
    }

    /** Plays a cell (e.g. "c3") for the side to move, as the mode allows. */
    async play(cell) {
      (await this._ready()).play(cell);
    }

    async undo() {
      (await this._ready()).undo();
    }

    /** {type: "arrow", from, to, color?} | {type: "highlight", cells, color?, name?} |
        {type: "label", cell, text}. */
    async addShape(shape) {
      (await this._ready()).addShape(shape);
    }

    async clearShapes() {
      (await this._ready()).clearShapes();
    }
  }

  customElements.define("ohm-board", OhmBoard);
  // For tests and measurements: how many engine workers this page has started.
  OhmBoard.engineStarts = () => (globalThis.__ohmEmbed ? globalThis.__ohmEmbed.starts() : 0);
})();
