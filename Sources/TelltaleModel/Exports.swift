// The domain's vocabulary is built on the client's (events, expectations, test identities, the
// environment contract, all in TelltaleWire) and on JSON Schema (a catalog's schemas): whatever
// uses the model uses both too, and JSON's values with them. The validator's engine stays behind
// its module's boundary.
@_exported import TelltaleJSONSchema
@_exported import TelltaleWire
