import type { Linter } from 'eslint';

/** The layout's import rules, as ESLint configuration blocks (boundaries.js). */
export declare const boundaries: Linter.Config[];
