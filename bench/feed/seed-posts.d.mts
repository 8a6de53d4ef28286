/** Fills the in-browser back end's saved data up to `total` posts (run in the page, then reload). */
export function seedPostsInBrowser(options: { total: number }): Promise<number>;
