import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DoctorProfileService } from '../doctor-profile/service.ts';
import type { DoctorService } from '../doctors/service.ts';
import { publicPageRoutes } from './routes.ts';
import { readSpaAssets } from './spa-assets.ts';

/**
 * The pages a visitor without an account and a search engine read (issue #22, ADR 0040): the
 * doctor directory and each doctor's page rendered here as whole HTML, the sitemap and robots.txt.
 * They own no table: what they show comes from the doctors module, as its public API shows it.
 */
export async function registerPublicPages(
  app: FastifyInstance,
  deps: {
    config: Pick<Config, 'appUrl'>;
    clock: Clock;
    doctors: DoctorService;
    photos: DoctorProfileService;
    webRoot: string;
  },
) {
  await app.register(publicPageRoutes, {
    doctors: deps.doctors,
    photos: deps.photos,
    assets: readSpaAssets(deps.webRoot),
    appUrl: deps.config.appUrl.replace(/\/$/, ''),
    clock: deps.clock,
  });
}
