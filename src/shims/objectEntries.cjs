// What node-polyglot (react-admin's translations) requires as `object.entries`: the browsers' own Object.entries,
// instead of the polyfill package and its dozen helpers (see vite.config.mts).
module.exports = Object.entries;
