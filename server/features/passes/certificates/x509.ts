// @peculiar/x509 resolves its services through tsyringe, which needs the Reflect metadata API loaded first.
import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

// Node's webcrypto is the Web Crypto API; the cast picks set(crypto) among the overloads under any lib setting.
x509.cryptoProvider.set(webcrypto as never);

export { x509 };
