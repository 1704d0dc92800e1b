/**
 * Countries and their states or provinces for the billing address (product-rules.md §3 "Location
 * options"), from the maintained country-region-data package (ISO 3166-1 alpha-2 countries, ISO 3166-2
 * region codes where they exist). A country whose only region is itself has no states to choose.
 */
import { allCountries } from 'country-region-data';

export interface Country {
  iso2: string;
  name: string;
  hasStates: boolean;
}

export interface State {
  stateCode: string;
  name: string;
}

const statesByCountry = new Map<string, State[]>(
  allCountries.map(([, iso2, regions]) => [
    iso2,
    regions.length > 1 ? regions.map(([name, stateCode]) => ({ stateCode, name })) : [],
  ]),
);

const countries: Country[] = allCountries
  .map(([name, iso2]) => ({ iso2, name, hasStates: (statesByCountry.get(iso2)?.length ?? 0) > 0 }))
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

export function listCountries(): Country[] {
  return countries;
}

/** A country's states, empty when it has none; undefined for a country that does not exist. */
export function statesOf(iso2: string): State[] | undefined {
  return statesByCountry.get(iso2);
}

/**
 * Whether an address names a real country and, where the country has states, one of them (the spec:
 * "country and state are chosen, state only if the country has states").
 */
export function isKnownPlace(country: string, state: string): boolean {
  const states = statesByCountry.get(country);
  if (states === undefined) return false;
  return states.length === 0 ? state === '' : states.some((s) => s.stateCode === state);
}
