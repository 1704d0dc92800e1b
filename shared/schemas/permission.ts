/**
 * Permission names and feature flags of the spec (product-core.md §6). What each role is granted lives
 * in rules/permissions.ts; this module only names them so schemas can carry them.
 */
import { z } from 'zod';

/** Every permission the spec names; restriction permissions come only from an active restriction. */
export const permissionNames = [
  'create_character',
  'delete_character',
  'report_character',
  'view_chats',
  'view_auth',
  'view_my_chat_bots',
  'view_help',
  'create_user_external',
  'skip_waiting_room',
  'display_ads',
  'temporary_shadowban',
  'restriction_temporary',
  'restriction_complete',
  'limited_access',
  'memory_manager',
  'conversation_memory_auto',
  'site_access',
  'text_to_speech',
] as const;
export const PermissionSchema = z.enum(permissionNames);
export type Permission = z.infer<typeof PermissionSchema>;

/** Feature flags of the spec: model/context flags, feature flags and product (UI version) flags. */
export const featureFlagNames = [
  '3k_context',
  '4k_context',
  '8k_context',
  'avatar_images_v2',
  'conversation_images',
  'conversation_images_v2',
  'image_training',
  'generation_settings',
  'character_translate_public',
  'character_translate_private',
  'admin',
  'lorebook',
  'groupchat',
  'create_v2',
  'anonymous_create',
  'profile_v2',
  'my_chatbots_v2',
  'listing_v2',
  'onboarding_v2',
  'nav_v2',
  'recent_chats_v2',
  'lorebook_v1',
  'leaderboard',
] as const;
export const FeatureFlagSchema = z.enum(featureFlagNames);
export type FeatureFlag = z.infer<typeof FeatureFlagSchema>;
