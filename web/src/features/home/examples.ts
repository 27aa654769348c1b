/** The searches the home page suggests: each finds products in the default city and in every demo city (tests/e2e/search.e2e.test.ts). */
export const exampleSearches = ['pane integrale', 'lampadine', 'quaderni'];
