import {
  errorEnvelope,
  mapConfigResponse,
  ok,
  OPERATOR,
  PATHS,
  placesQuery,
  placesResponse,
  reverseQuery,
  reverseResponse,
  shopsQuery,
  shopsResponse,
  townsQuery,
  townsResponse,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { languageCode } from '@portal/contract/language';
import type { LocationsService } from './service.js';

function language(query: { lang?: string | undefined }, headers: Record<string, unknown>) {
  const raw = query.lang ?? (typeof headers['lang'] === 'string' ? headers['lang'] : undefined);
  return languageCode(raw);
}

/** The Fastify instance a plugin of this module is given (Zod schemas as its type provider). */
type App = Parameters<FastifyPluginAsyncZod>[0];

export const locationRoutes: FastifyPluginAsyncZod<{ locations: LocationsService }> = async (
  app,
  { locations },
) => {
  registerSearches(app, locations);
  registerMapData(app, locations);
};

function registerSearches(app: App, locations: LocationsService): void {
  app.get(
    PATHS.shopsByCoordinates(OPERATOR),
    {
      schema: {
        tags: ['locations'],
        summary: 'Shops (or dealers) within distanceInKilometers (max 100) of a point, nearest first',
        querystring: shopsQuery,
        response: { 200: shopsResponse, 400: errorEnvelope },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return ok(await locations.shopsNear(request.query));
    },
  );

  app.get(
    PATHS.places,
    {
      schema: {
        tags: ['locations'],
        summary: 'Place search by city, town or postcode (geocoder, else the gazetteer of Nigerian towns)',
        querystring: placesQuery,
        response: { 200: placesResponse, 400: errorEnvelope },
      },
    },
    async (request, reply) => {
      const { q, limit } = request.query;
      reply.header('cache-control', 'public, max-age=3600');
      return ok(await locations.searchPlaces(q, limit, language(request.query, request.headers)));
    },
  );

  app.get(
    PATHS.reversePlace,
    {
      schema: {
        tags: ['locations'],
        summary: 'The address of a point (reverse geocoding; nearest town without a geocoder)',
        querystring: reverseQuery,
        response: { 200: reverseResponse, 400: errorEnvelope },
      },
    },
    async (request) => {
      const { lat, lng } = request.query;
      return ok(await locations.reverse(lat, lng, language(request.query, request.headers)));
    },
  );
}

function registerMapData(app: App, locations: LocationsService): void {
  app.get(
    PATHS.mapConfig,
    {
      schema: {
        tags: ['locations'],
        summary: 'Tile and place-search settings of the maps',
        response: { 200: mapConfigResponse },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=600');
      return ok(locations.mapConfig());
    },
  );

  app.get(
    PATHS.towns,
    {
      schema: {
        tags: ['locations'],
        summary: 'Towns of the gazetteer (answer in result.data)',
        querystring: townsQuery,
        response: { 200: townsResponse, 400: errorEnvelope },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return ok({ data: locations.towns(request.query) });
    },
  );
}
