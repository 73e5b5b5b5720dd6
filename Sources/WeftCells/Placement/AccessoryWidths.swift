/// How much of a table row each UIKit accessory takes from the content view.
///
/// Texture never subtracts accessory widths itself; UIKit narrows the cell's
/// content view and Texture re-measures the node at that width (ASTableView.mm;
/// the widths are UIKit's, not Texture's). These are
/// the content-view reductions commonly reported for UIKit on iPhone (iOS 7
/// and later, plain table, default layout margins): in a 320-pt table the
/// content view is 287 wide with a disclosure indicator, 281 with a
/// checkmark, 273 with a detail button and 253 with a detail disclosure
/// button. Weft has not measured them on a device; they are kept here, in
/// one place, so they can be corrected together.
public enum AccessoryWidths {
    /// Points `accessory` takes from a row's content view; 0 for `.none`.
    public static func width(of accessory: AccessoryType) -> Double {
        switch accessory {
        case .none: return 0
        case .disclosureIndicator: return 33
        case .checkmark: return 39
        case .detailButton: return 47
        case .detailDisclosureButton: return 67
        }
    }
}
