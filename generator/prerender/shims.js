// The few web APIs react-dom/server needs that goja and goja_nodejs lack.
// Everything else (console, URL) comes from goja_nodejs.

// react-dom/server's scheduler creates a MessageChannel at module load;
// renderToString never posts to it, so a channel that drops messages is
// enough.
globalThis.MessageChannel = class MessageChannel {
  constructor() {
    this.port1 = { onmessage: null, postMessage() {}, close() {} };
    this.port2 = { onmessage: null, postMessage() {}, close() {} };
  }
};

// react-dom/server encodes chunks with TextEncoder at module load; strings
// are what renderToString returns, so UTF-8 bytes are only ever measured.
globalThis.TextEncoder = class TextEncoder {
  get encoding() { return "utf-8"; }
  encode(s = "") {
    const bin = unescape(encodeURIComponent(String(s)));
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  }
};
