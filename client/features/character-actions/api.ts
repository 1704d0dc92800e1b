import {
  blockCreator,
  deleteCharacter,
  dislikeCharacter,
  favoriteCharacter,
  listBlockedCreators,
  listFavoriteIds,
  rateCharacter,
  unblockCreator,
  unfavoriteCharacter,
} from '#shared/api/social';
import type { BotRating } from '#shared/rules/social';
import type { ApiClient } from '../../lib/api-client';

export async function setFavorite(api: ApiClient, id: string, isFavorite: boolean) {
  if (isFavorite) await api.request(favoriteCharacter, { params: { id } });
  else await api.request(unfavoriteCharacter, { params: { id } });
}

export function fetchFavoriteIds(api: ApiClient, signal?: AbortSignal) {
  return api.request(listFavoriteIds, { signal });
}

export function dislike(api: ApiClient, id: string) {
  return api.request(dislikeCharacter, { params: { id } });
}

export function rate(api: ApiClient, id: string, value: BotRating) {
  return api.request(rateCharacter, { params: { id }, body: { value } });
}

export function setBlocked(api: ApiClient, username: string, isBlocked: boolean) {
  return isBlocked
    ? api.request(blockCreator, { params: { username } })
    : api.request(unblockCreator, { params: { username } });
}

export function fetchBlockedCreators(api: ApiClient, signal: AbortSignal) {
  return api.request(listBlockedCreators, { signal });
}

export function removeCharacter(api: ApiClient, id: string) {
  return api.request(deleteCharacter, { params: { id } });
}
