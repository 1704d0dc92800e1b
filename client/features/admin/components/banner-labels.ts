/** How the admin screens name banner placements, screens, platforms and styles. */
import type {
  BannerAlign,
  BannerFont,
  BannerPlacement,
  BannerPlatform,
  BannerScreen,
} from '#shared/schemas/banner';

export const placementLabels: Record<BannerPlacement, string> = {
  top: 'Top',
  bottom: 'Bottom',
  inline: 'Inline',
  popup: 'Popup',
};

export const screenLabels: Record<BannerScreen, string> = {
  home: 'Home',
  chat: 'Chat',
  chatbot: 'Chatbot profile',
  chats: 'Chats',
  my_chatbots: 'My Chatbots',
  personas: 'My Personas',
  profile: 'Profile',
  subscribe: 'Subscribe',
};

export const platformLabels: Record<BannerPlatform, string> = {
  web: 'Web',
  android: 'Android',
  ios: 'iOS',
};

export const alignLabels: Record<BannerAlign, string> = {
  start: 'Start',
  center: 'Centre',
  end: 'End',
};

export const sizeLabels: Record<BannerFont['size'], string> = {
  sm: 'Small',
  md: 'Medium',
  lg: 'Large',
  xl: 'Extra large',
};

export const weightLabels: Record<BannerFont['weight'], string> = {
  regular: 'Regular',
  bold: 'Bold',
};
