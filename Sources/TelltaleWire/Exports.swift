// An event's params and a matcher's values are JSON: whatever names them names `JSONValue` too.
@_exported import TelltaleJSON
