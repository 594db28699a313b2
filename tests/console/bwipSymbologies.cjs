/**
 * bwip-js's CommonJS build (the one jest loads) lacks the per-symbology exports of its ES module build that
 * the console imports; here they are, drawn by the same library through its toSVG.
 */
const bwipjs = require('bwip-js');

const symbology = (bcid) => (options) => bwipjs.toSVG({ ...options, bcid });

module.exports = {
  ...bwipjs,
  qrcode: symbology('qrcode'),
  pdf417: symbology('pdf417'),
  azteccode: symbology('azteccode'),
  code128: symbology('code128'),
  code39: symbology('code39'),
  ean13: symbology('ean13'),
  interleaved2of5: symbology('interleaved2of5'),
  rationalizedCodabar: symbology('rationalizedCodabar'),
};
