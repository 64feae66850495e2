import { useDirection } from '@mantine/core';
import { setDirection as storeDirection, type Direction } from '../lib/storage.ts';

/** The direction toggle: saved under `dir` and applied to the document (Mantine's provider sets `<html dir>`). */
export function useAppDirection(): { dir: Direction; setDir: (dir: Direction) => void } {
  const { dir, setDirection } = useDirection();
  return {
    dir,
    setDir: (next) => {
      storeDirection(next);
      setDirection(next);
    },
  };
}
