import { useContext } from 'react';
import { ExamExtensionsContext, type ExamExtensions, type ExamWebExtension } from './exam-extension.ts';
import { EXAM_EXTENSIONS } from './registry.ts';

const NONE: ExamWebExtension = {};

/** A type's web extension, from the provided registry (a test's) or the product's; `{}` for a generic type. */
export function useExamExtension(type: string): ExamWebExtension {
  const registry: ExamExtensions = useContext(ExamExtensionsContext) ?? EXAM_EXTENSIONS;
  return registry[type] ?? NONE;
}
