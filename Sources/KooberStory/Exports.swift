// A chapter and its steps have a module of their own, so that the compositions need neither the
// story nor the pictures; whoever imports the story gets them too, as before.
@_exported import KooberChapter
