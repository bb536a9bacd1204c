/// Deliberately does not compile: a String is returned where an Int is declared.
public func broken() -> Int {
    return "not a number"
}
