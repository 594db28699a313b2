/**
 * The console's test environment: jest's jsdom environment on the jsdom this project installs (jest's own pins an
 * older one, whose selector engine recompiles every CSS rule of MUI's thousand on each style computation).
 */
const { default: JsdomEnvironment } = require('@jest/environment-jsdom-abstract');
const jsdom = require('jsdom');

module.exports = class ConsoleEnvironment extends JsdomEnvironment {
  constructor(config, context) {
    super(config, context, jsdom);
  }
};
