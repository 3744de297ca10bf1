// The manifest asks for Swift 6.0; these tests use exit tests
// (`#expect(processExitsWith:)`), which Swift 6.2 brought.
#if !compiler(>=6.2)
  #error("the workbook's tests need Swift 6.2 or newer (see `swift --version`)")
#endif
