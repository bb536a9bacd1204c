// JSON is in the domain's vocabulary (an event's params, a catalog's schemas): whatever uses the
// model uses TelltaleJSON's values too, and code generated for apps names `JSONValue` under
// `import TelltaleModel`. The engine itself stays behind its module's boundary.
@_exported import TelltaleJSON
