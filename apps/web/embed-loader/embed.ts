// The embed loader (docs/embedding.md, decision 0047): puts one business's booking in an iframe of ours on any
// page. Kept to a few hundred bytes: everything else, words included, comes from the framed page itself.

interface EmbedOptions {
  business?: string;
  location?: string;
  view?: string;
  category?: string;
  language?: string;
  theme?: string;
  /** Inline: where the widget goes (an element or a selector). */
  element?: Element | string;
  /** Callbacks by event name: ready, booking-completed, booking-cancelled. */
  on?: Record<string, (detail: unknown) => void>;
}

type Kind = "inline" | "modal" | "button";
type Termin = ((kind: Kind, options: EmbedOptions) => void) & { q?: Array<[Kind, EmbedOptions]> };

interface Message {
  termin: 1;
  type: string;
  height?: number;
  detail?: { title?: string; close?: string; book?: string; brand?: string };
}

const script = document.currentScript as HTMLScriptElement | null;
/** Our origin, from the loader's own address: the only sender whose messages count. */
const ours = new URL(script?.src || location.href).origin;
const code = encodeURIComponent;

function address(o: EmbedOptions): string {
  const view = o.location
    ? o.view === "classes"
      ? `location-classes/${code(o.location)}`
      : `location-services/${code(o.location)}${o.category ? `/${code(o.category)}` : ""}`
    : `business/${code(o.business || "")}`;
  const theme = o.theme ? `?theme=${code(o.theme)}` : "";
  return `${ours}${o.language ? `/${code(o.language)}` : ""}/embed/${view}${theme}#origin=${code(location.origin)}`;
}

/** The iframe, sized by its page's word, and the page's events passed on as DOM events and callbacks. */
function frame(o: EmbedOptions, host: Element, ready?: (words: Message["detail"]) => void): HTMLIFrameElement {
  const iframe = document.createElement("iframe");
  iframe.src = address(o);
  iframe.style.cssText = "display:block;width:100%;height:600px;border:0";
  addEventListener("message", (event: MessageEvent<Message>) => {
    const message = event.data;
    if (event.origin !== ours || event.source !== iframe.contentWindow || message?.termin !== 1) return;
    if (message.type === "height") {
      iframe.style.height = `${message.height}px`;
      return;
    }
    // Another page in the frame: its top in view, as a page of the site's own would start.
    if (message.type === "page") {
      if (iframe.getBoundingClientRect().top < 0) iframe.scrollIntoView();
      return;
    }
    if (message.type === "ready") {
      iframe.title = message.detail?.title || "";
      ready?.(message.detail);
    }
    // A frame that loads a page anew says ready again: hosts hear each, the loader acts on the first only.
    host.dispatchEvent(new CustomEvent(`termin:${message.type}`, { bubbles: true, detail: message.detail }));
    o.on?.[message.type]?.(message.detail);
  });
  host.append(iframe);
  return iframe;
}

/** A modal dialog holding the widget; `open` shows it. The button kind shows a floating button once it is ready. */
function modal(o: EmbedOptions, button: boolean): () => void {
  const dialog = document.createElement("dialog");
  dialog.className = "termin-modal";
  dialog.style.cssText = "width:min(40rem,100vw - 2rem);max-height:90vh;padding:0;border:0;border-radius:.5rem";
  const close = document.createElement("button");
  close.textContent = "×";
  // Kept in view while the frame scrolls in the dialog.
  close.style.cssText =
    "position:sticky;top:0;z-index:1;display:block;margin-left:auto;font-size:1.5rem;width:2.75rem;height:2.75rem;border:0;background:#fff";
  close.onclick = () => dialog.close();
  dialog.append(close);
  const style = document.createElement("style");
  style.textContent = ".termin-modal::backdrop{background:#0009}";
  document.head.append(style);
  const open = () => dialog.showModal();
  let floating: HTMLButtonElement | undefined;
  frame(o, dialog, (words) => {
    close.ariaLabel = words?.close || "";
    dialog.ariaLabel = words?.title || "";
    if (!button || floating) return;
    floating = document.createElement("button");
    floating.textContent = words?.book || "";
    floating.style.cssText =
      "position:fixed;right:1rem;bottom:1rem;z-index:2147483647;padding:.75rem 1.25rem;border:0;border-radius:2rem;color:#fff;font:600 1rem system-ui";
    floating.style.background = words?.brand || "";
    floating.onclick = open;
    document.body.append(floating);
  });
  document.body.append(dialog);
  return open;
}

const run = (kind: Kind, o: EmbedOptions) => {
  if (kind === "inline") {
    const host = typeof o.element === "string" ? document.querySelector(o.element) : o.element;
    if (host) frame(o, host);
  } else {
    const open = modal(o, kind === "button");
    if (kind === "modal") open();
  }
};

const page = window as unknown as { Termin?: Termin };
const queued = page.Termin?.q || [];
page.Termin = run;
queued.forEach(([kind, o]) => run(kind, o));

// The tag itself names a business or a place: the widget goes where the tag stands.
const data = script?.dataset;
if (script && (data?.business || data?.location)) {
  const host = document.createElement("div");
  script.after(host);
  run("inline", { ...data, element: host });
}

// A module to the compiler (its names stay its own); the build wraps it in a function for the page.
export {};
