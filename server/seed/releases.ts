import type { Executor } from '../db/client';

/** A5: the product's release notes shown on "What's new". Owner: release notes. */
export async function seedReleases(_db: Executor) {}
