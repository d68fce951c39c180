// Push messages (the push event, notification clicks): written by the lead engineer; imported by sw.ts.
export {};
