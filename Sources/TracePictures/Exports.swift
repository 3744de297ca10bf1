// The texts' two languages come from a module of their own, so that code that only words a
// message in both need not link the pictures; a package that draws pictures gets them here.
@_exported import Bilingual
