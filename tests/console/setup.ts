import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks the encoders that react-router uses at import time.
Object.assign(globalThis, { TextEncoder, TextDecoder });
