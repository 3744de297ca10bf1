public enum PlaceholderChapter5ProtocolDI {}
