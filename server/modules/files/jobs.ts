import type { Deps } from '../../deps';
import type { JobDefinition } from '../../jobs/queue';
import { purgeUnreferencedImages } from './service';

/** Every night, the logos, banners, pictures and CVs left over (replaced, abandoned in a wizard or a form) are deleted. */
export function fileJobs(deps: () => Deps): JobDefinition[] {
  return [{ name: 'files.purge', cron: '23 3 * * *', run: async () => purgeUnreferencedImages(deps()) }];
}
