/** What a stylesheet import resolves to in jest: nothing (jest.preset maps `*.css` here). */
export default {};
