// What service-worker.js uses of a service worker's global scope. TypeScript's "webworker"
// library declares it, but cannot be loaded beside the page's "dom" library (the two declare the
// same globals differently), so the few parts used are declared here, as that library has them.

/** An event whose work the browser waits for (install, activate). */
export interface ExtendableEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}

/** A condition of a static route: every part given must hold (`or`: one of them). */
export interface RouterCondition {
  urlPattern?: { pathname?: string; search?: string };
  requestMode?: RequestMode;
  or?: RouterCondition[];
}

/** The install event, with the static routes the browser follows without starting the worker (where it has them). */
export interface InstallEvent extends ExtendableEvent {
  addRoutes?: (rules: { condition: RouterCondition; source: "network" | "cache" | "fetch-event" | { cacheName: string } }[]) => Promise<void>;
}

/** A request of a page the worker serves. */
export interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}

/** A message from a page. */
export interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
}

/** The service worker's global scope (`self`). */
export interface ServiceWorkerScope {
  addEventListener(type: "install", listener: (event: InstallEvent) => void): void;
  addEventListener(type: "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
  addEventListener(type: "message", listener: (event: ExtendableMessageEvent) => void): void;
  /** Takes over from the running worker without waiting for its pages to close. */
  skipWaiting(): Promise<void>;
  readonly clients: { claim(): Promise<void> };
}
