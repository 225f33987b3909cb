/**
 * The gym kit: the engine parts every gym is built from (see README.md in this folder).
 * Page code must not import it (it pulls in Dexie and the seed worlds).
 */
export { bodyParser, zodMessage, type BodyParser } from './body';
export { defineGym, kitRoutes, type DefinedGym, type GymDefinition } from './define';
export { fixtureKey, fixturePath, mergeFixtureRows, parseFixtures, type FixturePathStyle, type MergedFixtures } from './fixtures';
export { actingUser, type Me } from './me';
export { cachedTable, readMeta, trackGenerations, type CachedTable } from './read-cache';
export { compilePath, createRouter, type ErrorAdapter, type Handler, type Route, type Router } from './router';
export { RUN_ORDER, RunOrder } from './run-order';
export { nextId, writer, type Writer, type WriteStamp } from './write';
