/**
 * The brand's name as screens show it (tab titles), for modules that cannot read the application's
 * settings: the settings loader (features/app-settings) writes it; the product's own name until then.
 */
import { atom } from 'jotai';

export const productName = 'CharChat';

export const brandNameAtom = atom(productName);
