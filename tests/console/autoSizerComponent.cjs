/**
 * @nivo/core's CommonJS build renders `require('react-virtualized-auto-sizer')` itself as the component, where the
 * browser's ESM build takes the default export: under jest, the module is the component, named exports kept.
 */
const autoSizer = require('../../node_modules/react-virtualized-auto-sizer/dist/react-virtualized-auto-sizer.cjs.js');

module.exports = Object.assign(autoSizer.default, autoSizer);
