// Swagger UI on the generated document; a file of its own because the gateway's policy forbids inline scripts.
window.addEventListener('load', () => {
  window.SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#api-reference',
    deepLinking: true,
    // Calls from "Try it out" go to this origin with the visitor's own session cookie.
    withCredentials: true,
  });
});
