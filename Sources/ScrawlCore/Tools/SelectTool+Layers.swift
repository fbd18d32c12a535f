/// The selection moved to another layer (`LayerEvent.moveSelection`): the editor moves what the
/// tool has selected and hands back the new ids.
extension SelectTool {
    public func selection(_ context: ToolContext) -> Set<UInt64> { selectedIDs }

    public func reselect(_ ids: Set<UInt64>, _ context: ToolContext) {
        gesture = nil
        selectedIDs = ids
    }
}
