import { createContext, use, useEffect, useState, useSyncExternalStore, type ReactNode } from "react";
import type { Viewer } from "../lib/start-up.server.ts";
import { useRootData } from "../lib/use-language.ts";
import { MAX_PAGE_SIZE } from "@termin/contracts/jsonapi";
import { PERSONAL_QUERY, type PersonalAnswer } from "./personal-data.ts";

/**
 * The signed-in client's own parts of the pages, asked by the browser (decision 0031): the marketplace pages are
 * made once for every signed-in client, so who they are, their unread count and which hearts are theirs come
 * from GET /{lang}/personal, once after such a page loads, again after every change (the root's data reloaded),
 * and for the locations and pictures each new page shows.
 */
interface PersonalState {
  /** An answer came: what follows is the client's own. */
  loaded: boolean;
  /** Nobody is signed in (the session was no longer valid): the page goes on as a visitor's. */
  signedOut: boolean;
  viewer: Viewer | null;
  unreadNotifications: number;
  savedLocations: ReadonlySet<string>;
  likedMedia: ReadonlySet<string>;
}

type Kind = keyof typeof PERSONAL_QUERY;

const NOTHING_YET: PersonalState = {
  loaded: false,
  signedOut: false,
  viewer: null,
  unreadNotifications: 0,
  savedLocations: new Set(),
  likedMedia: new Set(),
};

function createPersonalStore(address: () => string) {
  let state = NOTHING_YET;
  const listeners = new Set<() => void>();
  const wanted: Record<Kind, Set<string>> = { locations: new Set(), media: new Set() };
  let scheduled = false;
  let latest = 0;

  /** The ids of one kind the pages showed lately (the API answers at most MAX_PAGE_SIZE at once). */
  const recent = (kind: Kind) => [...wanted[kind]].slice(-MAX_PAGE_SIZE).join(",");

  async function load() {
    scheduled = false;
    const asked = ++latest;
    const query = new URLSearchParams({
      [PERSONAL_QUERY.locations]: recent("locations"),
      [PERSONAL_QUERY.media]: recent("media"),
    });
    try {
      const response = await fetch(`${address()}?${query}`, { headers: { accept: "application/json" } });
      if (asked !== latest || !response.ok) return;
      const personal = (await response.json()) as PersonalAnswer;
      if (asked !== latest) return;
      if ("signedOut" in personal) {
        state = { ...NOTHING_YET, loaded: true, signedOut: true };
      } else {
        state = {
          loaded: true,
          signedOut: false,
          viewer: personal.viewer,
          unreadNotifications: personal.unreadNotifications,
          savedLocations: new Set(personal.savedLocationIds),
          likedMedia: new Set(personal.likedMediaIds),
        };
      }
    } catch {
      // Offline or the server away: the page keeps what it showed; the next page or change asks again.
      return;
    }
    for (const listener of listeners) listener();
  }

  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    // One request for all the hearts a page renders at once.
    queueMicrotask(() => void load());
  };

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get: () => state,
    /** Asks again: after a shared page, or a change the client made. */
    refresh: schedule,
    /** Signed out: nothing of the client's stays, and an answer still on its way is dropped. */
    forget() {
      latest++;
      wanted.locations.clear();
      wanted.media.clear();
      if (state === NOTHING_YET) return;
      state = NOTHING_YET;
      for (const listener of listeners) listener();
    },
    /** A page shows this location or picture: whether it is the client's own is asked once. */
    want(kind: Kind, id: string) {
      if (wanted[kind].has(id)) return;
      wanted[kind].add(id);
      schedule();
    },
  };
}

type PersonalStore = ReturnType<typeof createPersonalStore>;

const PersonalContext = createContext<PersonalStore | null>(null);

/** Keeps the signed-in client's own parts for the pages inside, asked again whenever the root's data reloads. */
export function PersonalProvider({ children }: { children: ReactNode }) {
  const root = useRootData();
  const [store] = useState(() => createPersonalStore(() => `/${document.documentElement.lang || "en"}/personal`));
  useEffect(() => {
    // A page made for this client alone (their area) carries who they are: asked only once something was asked
    // before (to keep it fresh), or for the hearts a page registers.
    if (!root.signedIn) store.forget();
    else if (root.viewer === null || store.get().loaded) store.refresh();
  }, [root, store]);
  return <PersonalContext value={store}>{children}</PersonalContext>;
}

function usePersonalStore(): PersonalStore {
  const store = use(PersonalContext);
  if (!store) throw new Error("No PersonalProvider: render inside the root route");
  return store;
}

function usePersonal(): PersonalState {
  const store = usePersonalStore();
  return useSyncExternalStore(store.subscribe, store.get, () => NOTHING_YET);
}

/** Whether a client is signed in (false once their session turned out to be no longer valid). */
export function useSignedIn(): boolean {
  const { signedIn } = useRootData();
  const { signedOut } = usePersonal();
  return signedIn && !signedOut;
}

/** The signed-in client (name, picture), or null for a visitor and until the browser has them. */
export function useViewer(): Viewer | null {
  const personal = usePersonal();
  const root = useRootData();
  if (!root.signedIn) return null;
  return personal.loaded ? personal.viewer : root.viewer;
}

/** The signed-in client's unread notifications: 0 for a visitor. */
export function useUnreadCount(): number {
  const personal = usePersonal();
  const root = useRootData();
  if (!root.signedIn) return 0;
  return personal.loaded ? personal.unreadNotifications : root.unreadNotifications;
}

/** Whether the signed-in client saved (`"locations"`) or liked (`"media"`) this: as the page says, or as asked. */
export function useOwn(kind: Kind, id: string, fromPage: boolean): boolean {
  const store = usePersonalStore();
  const personal = usePersonal();
  const signedIn = useRootData().signedIn;
  useEffect(() => {
    if (signedIn) store.want(kind, id);
  }, [kind, id, signedIn, store]);
  return fromPage || (kind === "locations" ? personal.savedLocations : personal.likedMedia).has(id);
}
