// Schemas are read from and validate JSON values: their users name `JSONValue` too.
@_exported import TelltaleJSON
