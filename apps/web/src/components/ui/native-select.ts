import { selectTriggerClass } from './select-trigger-class';
import { cn } from '@/lib/utils';

/** A native select: keyboard and screen readers know it, and the phone shows its own picker. */
export const nativeSelect = cn(selectTriggerClass, 'h-9 w-full dark:[color-scheme:dark]');
